use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attr, deserialize_with = "not a path")]
    timeout: std::time::Duration,
}

fn main() {}
