//! Which files of a directory a tool loads, and in what order: the suffix
//! rules of Terraform, OpenTofu and Packer, as pure functions on names so
//! they are tested without a file system.
//!
//! Terraform reads `*.tf` and `*.tf.json`; OpenTofu also `*.tofu` and
//! `*.tofu.json`, each hiding the `.tf` / `.tf.json` file of the same name;
//! Packer `*.pkr.hcl` and `*.pkr.json`. Files named `override.*` or
//! `*_override.*` are override files; `*.tftest.hcl` (and OpenTofu's
//! `*.tofutest.hcl`) are test files, Terraform's `*.tfquery.hcl` query
//! files and `*.tfmock.hcl` mock data files, all loaded only when asked;
//! hidden and editor backup files are skipped. Files load in name order.

use super::Dialect;

/// What a file is to the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A primary configuration file.
    Primary,
    /// An override file (`override.tf`, `*_override.tf`, ...).
    Override,
    /// A test file (`*.tftest.hcl`, ...), loaded only when asked.
    Test,
    /// A query file (`*.tfquery.hcl`, Terraform 1.14), loaded only when
    /// asked.
    Query,
    /// A mock data file (`*.tfmock.hcl`, Terraform 1.7), loaded only when
    /// asked.
    Mock,
}

/// The configuration suffixes of each dialect, with the role a suffix
/// gives (a configuration file's `Primary` becomes `Override` by its
/// name).
fn suffixes(dialect: Dialect) -> &'static [(&'static str, Role)] {
    match dialect {
        Dialect::Terraform => &[
            (".tf", Role::Primary),
            (".tf.json", Role::Primary),
            (".tftest.hcl", Role::Test),
            (".tftest.json", Role::Test),
            (".tfquery.hcl", Role::Query),
            (".tfquery.json", Role::Query),
            (".tfmock.hcl", Role::Mock),
            (".tfmock.json", Role::Mock),
        ],
        Dialect::OpenTofu => &[
            (".tf", Role::Primary),
            (".tf.json", Role::Primary),
            (".tftest.hcl", Role::Test),
            (".tftest.json", Role::Test),
            (".tofu", Role::Primary),
            (".tofu.json", Role::Primary),
            (".tofutest.hcl", Role::Test),
            (".tofutest.json", Role::Test),
        ],
        Dialect::Packer => &[(".pkr.hcl", Role::Primary), (".pkr.json", Role::Primary)],
    }
}

/// Editor and system files every tool skips: hidden files, vim backups
/// (`x~`), emacs autosaves (`#x#`).
pub(super) fn is_ignored(name: &str) -> bool {
    name.starts_with('.')
        || name.ends_with('~')
        || (name.starts_with('#') && name.ends_with('#') && name.len() > 1)
}

/// The configuration suffix of `name` in `dialect`, if it has one.
fn suffix(name: &str, dialect: Dialect) -> Option<(&'static str, Role)> {
    suffixes(dialect)
        .iter()
        .copied()
        .find(|(suffix, _)| name.len() > suffix.len() && name.ends_with(suffix))
}

/// The role of a file named `name`, or `None` if the dialect does not load
/// it. A file is an override file when its name without the suffix is
/// `override` or ends in `_override` (Packer has none).
pub(super) fn role(name: &str, dialect: Dialect) -> Option<Role> {
    if is_ignored(name) {
        return None;
    }
    let (suffix, role) = suffix(name, dialect)?;
    if role != Role::Primary {
        return Some(role);
    }
    let stem = &name[..name.len() - suffix.len()];
    let overrides = dialect != Dialect::Packer;
    if overrides && (stem == "override" || stem.ends_with("_override")) {
        Some(Role::Override)
    } else {
        Some(Role::Primary)
    }
}

/// OpenTofu's precedence: `x.tf` is left out when `x.tofu` is among
/// `names`, `x.tf.json` when `x.tofu.json` is, a test file likewise.
pub(super) fn tofu_precedence(names: &[String]) -> Vec<String> {
    let given: std::collections::HashSet<&str> = names.iter().map(String::as_str).collect();
    names
        .iter()
        .filter(|name| {
            let shadow = [
                (".tf", ".tofu"),
                (".tf.json", ".tofu.json"),
                (".tftest.hcl", ".tofutest.hcl"),
                (".tftest.json", ".tofutest.json"),
            ]
            .iter()
            .find_map(|(tf, tofu)| name.strip_suffix(tf).map(|stem| format!("{stem}{tofu}")));
            !shadow.is_some_and(|s| given.contains(s.as_str()))
        })
        .cloned()
        .collect()
}

/// The names of a directory's entries (plain file names, no paths) split
/// into primary, override and test files, each list in load order: sorted
/// by name byte by byte (the order Go's `os.ReadDir` gives Terraform), with
/// OpenTofu's `.tofu` precedence applied. Test files are dropped unless
/// `tests`.
pub(super) fn classify(
    names: &[String],
    dialect: Dialect,
    tests: bool,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    let mut sorted: Vec<&String> = names.iter().collect();
    sorted.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    let (mut primary, mut overrides, mut test_files) = (Vec::new(), Vec::new(), Vec::new());
    for name in sorted {
        match role(name, dialect) {
            Some(Role::Primary) => primary.push(name.clone()),
            Some(Role::Override) => overrides.push(name.clone()),
            Some(Role::Test) if tests => test_files.push(name.clone()),
            _ => {}
        }
    }
    if dialect == Dialect::OpenTofu {
        primary = tofu_precedence(&primary);
        overrides = tofu_precedence(&overrides);
        test_files = tofu_precedence(&test_files);
    }
    (primary, overrides, test_files)
}

/// The names among `names` with `role` (query or mock files), in name
/// order.
pub(super) fn with_role(names: &[String], dialect: Dialect, role: Role) -> Vec<String> {
    let mut found: Vec<String> = names
        .iter()
        .filter(|name| self::role(name, dialect) == Some(role))
        .cloned()
        .collect();
    found.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    found
}

/// The variable files a dialect loads by itself, in precedence order (a
/// later file's value wins): Terraform and OpenTofu read `terraform.tfvars`,
/// then `terraform.tfvars.json`, then every `*.auto.tfvars` and
/// `*.auto.tfvars.json` by name; Packer every `*.auto.pkrvars.hcl` and
/// `*.auto.pkrvars.json` by name.
pub(super) fn auto_var_files(names: &[String], dialect: Dialect) -> Vec<String> {
    let mut sorted: Vec<&String> = names.iter().filter(|n| !is_ignored(n)).collect();
    sorted.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    let auto: &[&str] = match dialect {
        Dialect::Terraform | Dialect::OpenTofu => &[".auto.tfvars", ".auto.tfvars.json"],
        Dialect::Packer => &[".auto.pkrvars.hcl", ".auto.pkrvars.json"],
    };
    let mut files = Vec::new();
    if dialect != Dialect::Packer {
        for fixed in ["terraform.tfvars", "terraform.tfvars.json"] {
            if sorted.iter().any(|n| *n == fixed) {
                files.push(fixed.to_string());
            }
        }
    }
    for name in sorted {
        if auto
            .iter()
            .any(|s| name.len() > s.len() && name.ends_with(s))
        {
            files.push(name.clone());
        }
    }
    files
}

/// A path's last component.
pub(super) fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
