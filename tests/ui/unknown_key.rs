use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attribute)]
    name: String,
}

fn main() {}
