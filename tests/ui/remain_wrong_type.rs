use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(remain)]
    rest: String,
}

fn main() {}
