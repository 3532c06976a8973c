use std::path::Path;

use super::lexical_join;

#[test]
fn a_local_source_is_joined_as_terraforms_filepath_join_joins_it() {
    let cases = [
        ("./root", "./net", "./root/net"),
        ("./a/b", "../elsewhere", "./a/elsewhere"),
        ("a/b", "../../../c", "../c"),
        ("", "./net", "./net"),
        ("/x/y", "./../z/.", "/x/z"),
    ];
    for (dir, source, joined) in cases {
        assert_eq!(
            lexical_join(Path::new(dir), source),
            Path::new(joined),
            "{dir} + {source}"
        );
    }
}
