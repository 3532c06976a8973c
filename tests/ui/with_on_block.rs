use hcl_json::HclDecode;

#[derive(HclDecode)]
struct Config {
    #[hcl(block, with = "listener_parser")]
    listener: Vec<Listener>,
}

#[derive(HclDecode)]
struct Listener {
    #[hcl(attr)]
    port: u16,
}

fn main() {}
