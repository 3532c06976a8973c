use hcl_json::HclDecode;

#[derive(HclDecode)]
enum Config {
    A,
}

#[derive(HclDecode)]
struct Pair(String, String);

fn main() {}
