use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attr)]
    name: String,
    port: u16,
}

fn main() {}
