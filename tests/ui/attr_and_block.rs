use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attr, block)]
    name: String,
}

fn main() {}
