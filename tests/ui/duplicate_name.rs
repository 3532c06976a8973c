use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attr)]
    name: String,
    #[hcl(attr = "name")]
    other: String,
}

fn main() {}
