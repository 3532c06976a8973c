use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Inner {
    #[hcl(attr)]
    x: u8,
}

#[derive(HclDecode)]
struct Config {
    #[hcl(block, literal)]
    inner: Inner,
}

fn main() {}
