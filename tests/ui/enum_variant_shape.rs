use hcl_json::HclDecode;

#[derive(HclDecode)]
struct LocalExec {
    #[hcl(attr)]
    command: String,
}

#[derive(HclDecode)]
enum Provisioner {
    LocalExec(LocalExec),
    RemoteExec { inline: Vec<String> },
}

fn main() {}
