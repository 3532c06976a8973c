use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Named {
    #[hcl(label)]
    name: String,
}

#[derive(HclDecode)]
enum Choice {
    Named(Named),
}

fn main() {}
