//! IP network functions, called through `Function::call`.

use crate::stdlib_support;

use hcl_json::Type;
use stdlib_support::*;

#[test]
fn cidrhost_numbers_hosts_from_either_end() {
    assert_eq!(
        call("cidrhost", &[s("10.12.112.0/20"), n("16")]),
        Ok(s("10.12.112.16"))
    );
    assert_eq!(
        call("cidrhost", &[s("10.12.112.0/20"), n("268")]),
        Ok(s("10.12.113.12"))
    );
    assert_eq!(
        call("cidrhost", &[s("10.12.112.0/20"), n("-1")]),
        Ok(s("10.12.127.255"))
    );
    assert_eq!(
        call("cidrhost", &[s("10.12.112.0/20"), n("-4096")]),
        Ok(s("10.12.112.0"))
    );
    assert_eq!(
        call("cidrhost", &[s("fd00:fd12:3456:7890:00a2::/72"), n("34")]),
        Ok(s("fd00:fd12:3456:7890::22"))
    );
    assert_eq!(
        call("cidrhost", &[s("::/0"), n("-1")]),
        Ok(s("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))
    );
}

#[test]
fn cidrhost_errors() {
    assert!(arg_err("cidrhost", &[s("10.0.0.0/30"), n("4")], 1).contains("cannot accommodate"));
    assert!(arg_err("cidrhost", &[s("10.0.0.0/30"), n("-5")], 1).contains("cannot accommodate"));
    assert!(arg_err("cidrhost", &[s("10.0.0.0/30"), n("1.5")], 1).contains("whole number"));
    for bad in [
        "10.0.0.0",
        "10.0.0.0/33",
        "10.0.0/8",
        "010.0.0.0/8",
        "x/8",
        "10.0.0.0/-1",
        "::/129",
    ] {
        assert!(
            arg_err("cidrhost", &[s(bad), n("1")], 0).contains("invalid CIDR"),
            "{bad}"
        );
    }
    arg_err("cidrhost", &[null(Type::String), n("1")], 0);
    assert_eq!(
        call("cidrhost", &[unknown(Type::String), n("1")]),
        Ok(unknown(Type::String))
    );
}

#[test]
fn cidrnetmask_gives_dotted_masks_for_ipv4_only() {
    assert_eq!(
        call("cidrnetmask", &[s("172.16.0.0/12")]),
        Ok(s("255.240.0.0"))
    );
    assert_eq!(call("cidrnetmask", &[s("0.0.0.0/0")]), Ok(s("0.0.0.0")));
    assert_eq!(
        call("cidrnetmask", &[s("10.0.0.1/32")]),
        Ok(s("255.255.255.255"))
    );
    assert!(arg_err("cidrnetmask", &[s("fd00::/8")], 0).contains("IPv6"));
}

#[test]
fn cidrsubnet_extends_the_prefix() {
    assert_eq!(
        call("cidrsubnet", &[s("172.16.0.0/12"), n("4"), n("2")]),
        Ok(s("172.18.0.0/16"))
    );
    assert_eq!(
        call("cidrsubnet", &[s("10.1.2.0/24"), n("4"), n("15")]),
        Ok(s("10.1.2.240/28"))
    );
    assert_eq!(
        call(
            "cidrsubnet",
            &[s("fd00:fd12:3456:7890::/56"), n("16"), n("162")]
        ),
        Ok(s("fd00:fd12:3456:7800:a200::/72"))
    );
    assert_eq!(
        call("cidrsubnet", &[s("10.1.2.3/8"), n("0"), n("0")]),
        Ok(s("10.0.0.0/8"))
    );
}

#[test]
fn cidrsubnet_errors() {
    assert!(
        arg_err("cidrsubnet", &[s("10.0.0.0/30"), n("3"), n("0")], 1)
            .contains("insufficient address space")
    );
    assert!(
        arg_err("cidrsubnet", &[s("10.0.0.0/8"), n("-1"), n("0")], 1)
            .contains("insufficient address space")
    );
    assert!(arg_err("cidrsubnet", &[s("10.0.0.0/8"), n("2"), n("4")], 2)
        .contains("does not accommodate"));
    assert!(
        arg_err("cidrsubnet", &[s("10.0.0.0/8"), n("2"), n("-1")], 2)
            .contains("does not accommodate")
    );
}

#[test]
fn cidrsubnets_allocates_consecutive_aligned_subnets() {
    assert_eq!(
        call(
            "cidrsubnets",
            &[s("10.1.0.0/16"), n("4"), n("4"), n("8"), n("4")]
        ),
        Ok(strs(&[
            "10.1.0.0/20",
            "10.1.16.0/20",
            "10.1.32.0/24",
            "10.1.48.0/20"
        ]))
    );
    assert_eq!(
        call(
            "cidrsubnets",
            &[
                s("fd00:fd12:3456:7890::/56"),
                n("16"),
                n("16"),
                n("16"),
                n("32")
            ]
        ),
        Ok(strs(&[
            "fd00:fd12:3456:7800::/72",
            "fd00:fd12:3456:7800:100::/72",
            "fd00:fd12:3456:7800:200::/72",
            "fd00:fd12:3456:7800:300::/88",
        ]))
    );
    assert_eq!(
        call("cidrsubnets", &[s("0.0.0.0/0"), n("1"), n("1")]),
        Ok(strs(&["0.0.0.0/1", "128.0.0.0/1"]))
    );
    assert_eq!(call("cidrsubnets", &[s("10.0.0.0/8")]), Ok(strs(&[])));
}

#[test]
fn cidrsubnets_errors() {
    assert!(arg_err(
        "cidrsubnets",
        &[s("10.0.0.0/30"), n("1"), n("1"), n("1")],
        3
    )
    .contains("not enough remaining address space"));
    assert!(arg_err("cidrsubnets", &[s("10.0.0.0/8"), n("0")], 1).contains("at least one bit"));
    assert!(arg_err("cidrsubnets", &[s("::/0"), n("33")], 1).contains("more than 32"));
    assert!(arg_err("cidrsubnets", &[s("10.0.0.0/8"), n("25")], 1).contains("too long for an IPv4"));
}
