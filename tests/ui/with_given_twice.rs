use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(attr, with = "duration", deserialize_with = "duration::deserialize")]
    timeout: std::time::Duration,
}

fn main() {}
