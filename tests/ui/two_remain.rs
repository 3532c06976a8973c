use hcl_json::{Body, HclDecode};

#[derive(HclDecode)]
struct Config {
    #[hcl(remain)]
    rest: Body,
    #[hcl(remain)]
    more: Body,
}

fn main() {}
