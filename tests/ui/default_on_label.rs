use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Service {
    #[hcl(label, default)]
    name: String,
}

fn main() {}
