use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(def_range)]
    at: String,
}

fn main() {}
