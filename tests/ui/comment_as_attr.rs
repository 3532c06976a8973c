use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Stack {
    #[hcl(attr = "//")]
    meta: Option<String>,
}

fn main() {}
