use hcl_json::HclDecode;
use std::collections::HashMap;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    service: HashMap<String, u16>,
}

fn main() {}
