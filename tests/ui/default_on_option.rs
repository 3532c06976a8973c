use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attr, default)]
    port: Option<u16>,
}

fn main() {}
