//! Path functions that only look at the text of a path, never at the file
//! system: `basename` and `dirname`, with the semantics of Go's
//! `filepath.Base` and `filepath.Dir` on Unix (what Terraform uses there):
//! `/` separates, trailing separators are ignored, an empty result is `.`.
//! The file-system functions are opt-in: see [`super::filesystem`].

use super::{str_arg, Def};
use crate::eval::Function;
use crate::value::{Type, Value};

/// The path functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![("basename", basename()), ("dirname", dirname())]
}

fn basename() -> Function {
    Def::new("Returns the last element of a path.")
        .param("path", Type::String, "A file path.")
        .returns(Type::String)
        .build(|args| Ok(Value::from(base(str_arg(args, 0)?))))
}

fn dirname() -> Function {
    Def::new("Returns all but the last element of a path.")
        .param("path", Type::String, "A file path.")
        .returns(Type::String)
        .build(|args| Ok(Value::from(dir(str_arg(args, 0)?))))
}

/// Go's `filepath.Base`.
pub(crate) fn base(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    match trimmed.rfind('/') {
        Some(i) => trimmed[i + 1..].to_owned(),
        None => trimmed.to_owned(),
    }
}

/// Go's `filepath.Dir`: everything before the last separator, cleaned.
pub(crate) fn dir(path: &str) -> String {
    let head = match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    };
    clean(head)
}

/// Go's `filepath.Clean`: the shortest equivalent path by purely lexical
/// processing (no `.` elements, no `x/..`, one separator at a time).
pub(crate) fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_follows_go_filepath_base() {
        assert_eq!(base("foo/bar/baz.txt"), "baz.txt");
        assert_eq!(base("foo/bar/"), "bar");
        assert_eq!(base("///"), "/");
        assert_eq!(base(""), ".");
        assert_eq!(base("baz"), "baz");
    }

    #[test]
    fn dir_follows_go_filepath_dir() {
        assert_eq!(dir("foo/bar/baz.txt"), "foo/bar");
        assert_eq!(dir("/foo"), "/");
        assert_eq!(dir("baz.txt"), ".");
        assert_eq!(dir(""), ".");
        assert_eq!(dir("a/../b/c"), "b");
        assert_eq!(dir("/../x"), "/");
    }

    #[test]
    fn clean_is_lexical() {
        assert_eq!(clean("a//b/./c/.."), "a/b");
        assert_eq!(clean("../../a"), "../../a");
        assert_eq!(clean("/.."), "/");
    }
}
