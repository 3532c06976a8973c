use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(block)]
    listener: Vec<String>,
}

fn main() {}
