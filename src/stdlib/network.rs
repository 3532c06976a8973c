//! IP network functions: `cidrhost`, `cidrnetmask`, `cidrsubnet`,
//! `cidrsubnets`, for IPv4 and IPv6 prefixes in CIDR notation.
//!
//! Addresses are handled as integers (`u128`, using the low 32 bits for
//! IPv4), which keeps the prefix arithmetic short and exact; host and
//! network numbers are read as big integers so IPv6 ranges fit.

use std::net::{Ipv4Addr, Ipv6Addr};

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

use super::{int_arg, make_list, num_arg, str_arg, Def};
use crate::eval::{Function, FunctionError, Param};
use crate::value::{Type, Value};

/// The IP network functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("cidrcontains", cidrcontains()),
        ("cidrhost", cidrhost()),
        ("cidrnetmask", cidrnetmask()),
        ("cidrsubnet", cidrsubnet()),
        ("cidrsubnets", cidrsubnets()),
    ]
}

/// A parsed prefix: the network address (host bits cleared), the prefix
/// length, and the address width (32 or 128).
struct Net {
    addr: u128,
    prefix: u32,
    bits: u32,
}

/// The mask of the low `n` bits.
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

fn parse_cidr(text: &str, i: usize) -> Result<Net, FunctionError> {
    let bad = || FunctionError::arg(i, format!("invalid CIDR address {text:?}."));
    let (addr, prefix) = text.split_once('/').ok_or_else(bad)?;
    if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_digit()) || prefix.len() > 3 {
        return Err(bad());
    }
    let prefix: u32 = prefix.parse().map_err(|_| bad())?;
    let (addr, bits) = if let Ok(v4) = addr.parse::<Ipv4Addr>() {
        (u128::from(u32::from(v4)), 32)
    } else if let Ok(v6) = addr.parse::<Ipv6Addr>() {
        (u128::from(v6), 128)
    } else {
        return Err(bad());
    };
    if prefix > bits {
        return Err(bad());
    }
    let host = low_bits(bits - prefix);
    Ok(Net {
        addr: addr & !host,
        prefix,
        bits,
    })
}

fn addr_text(addr: u128, bits: u32) -> String {
    if bits == 32 {
        Ipv4Addr::from(addr as u32).to_string()
    } else {
        Ipv6Addr::from(addr).to_string()
    }
}

/// A whole-number argument as a big integer.
fn big_arg(args: &[Value], i: usize) -> Result<BigInt, FunctionError> {
    let n = num_arg(args, i)?;
    if !n.is_integer() {
        return Err(FunctionError::arg(
            i,
            format!("a whole number is required, not {}.", n.brief()),
        ));
    }
    BigInt::parse_bytes(n.to_string().as_bytes(), 10)
        .ok_or_else(|| FunctionError::arg(i, "a whole number is required."))
}

fn cidrhost() -> Function {
    Def::new("Returns the address of a numbered host within an IP network prefix.")
        .param(
            "prefix",
            Type::String,
            "The network prefix in CIDR notation, such as 10.0.0.0/8.",
        )
        .param(
            "hostnum",
            Type::Number,
            "The host number; a negative number counts back from the last address.",
        )
        .returns(Type::String)
        .build(|args| {
            let net = parse_cidr(str_arg(args, 0)?, 0)?;
            let wanted = big_arg(args, 1)?;
            let count = BigInt::from(1u8) << (net.bits - net.prefix);
            let host = if wanted.is_negative() {
                &count + &wanted
            } else {
                wanted.clone()
            };
            if host.is_negative() || host >= count {
                return Err(FunctionError::arg(
                    1,
                    format!(
                        "prefix of {} bits cannot accommodate a host numbered {wanted}.",
                        net.prefix
                    ),
                ));
            }
            let host = host.to_u128().unwrap_or(0);
            Ok(Value::from(addr_text(net.addr | host, net.bits)))
        })
}

fn cidrnetmask() -> Function {
    Def::new("Returns the subnet mask of an IPv4 network prefix in dotted-decimal form.")
        .param(
            "prefix",
            Type::String,
            "The IPv4 network prefix in CIDR notation.",
        )
        .returns(Type::String)
        .build(|args| {
            let net = parse_cidr(str_arg(args, 0)?, 0)?;
            if net.bits != 32 {
                return Err(FunctionError::arg(
                    0,
                    "IPv6 addresses cannot have a netmask.",
                ));
            }
            let mask = !low_bits(32 - net.prefix) & low_bits(32);
            Ok(Value::from(addr_text(mask, 32)))
        })
}

fn cidrsubnet() -> Function {
    Def::new("Returns the numbered subnet of an IP network prefix, extended by some bits.")
        .param("prefix", Type::String, "The network prefix in CIDR notation.")
        .param("newbits", Type::Number, "How many bits to add to the prefix length.")
        .param("netnum", Type::Number, "The subnet number, from 0 to 2^newbits - 1.")
        .returns(Type::String)
        .build(|args| {
            let net = parse_cidr(str_arg(args, 0)?, 0)?;
            let newbits = int_arg(args, 1)?;
            let netnum = big_arg(args, 2)?;
            if newbits < 0 || newbits > i64::from(net.bits - net.prefix) {
                return Err(FunctionError::arg(
                    1,
                    format!("insufficient address space to extend prefix of {} by {newbits}.", net.prefix),
                ));
            }
            let newbits = newbits as u32;
            if netnum.is_negative() || netnum >= (BigInt::from(1u8) << newbits) {
                return Err(FunctionError::arg(
                    2,
                    format!("prefix extension of {newbits} does not accommodate a subnet numbered {netnum}."),
                ));
            }
            let new_prefix = net.prefix + newbits;
            let shift = net.bits - new_prefix;
            let num = netnum.to_u128().unwrap_or(0);
            let addr = if num.is_zero() || shift >= 128 { net.addr } else { net.addr | (num << shift) };
            Ok(Value::from(format!("{}/{new_prefix}", addr_text(addr, net.bits))))
        })
}

fn cidrsubnets() -> Function {
    Def::new("Allocates consecutive subnets of the given extra prefix lengths within an IP network prefix.")
        .param("prefix", Type::String, "The network prefix in CIDR notation.")
        .variadic(Param::new("newbits", Type::Number).describe("For each subnet, how many bits to add to the prefix length (1 to 32)."))
        .returns(Type::list(Type::String))
        .build(|args| {
            let net = parse_cidr(str_arg(args, 0)?, 0)?;
            let end = net.addr | low_bits(net.bits - net.prefix);
            // The next free address, or None once the prefix is used up.
            let mut next: Option<u128> = Some(net.addr);
            let mut out = Vec::with_capacity(args.len() - 1);
            for i in 1..args.len() {
                let newbits = int_arg(args, i)?;
                if newbits < 1 {
                    return Err(FunctionError::arg(i, "must extend prefix by at least one bit."));
                }
                if newbits > 32 {
                    return Err(FunctionError::arg(i, "may not extend prefix by more than 32 bits."));
                }
                let len = net.prefix + newbits as u32;
                if len > net.bits {
                    return Err(FunctionError::arg(
                        i,
                        format!(
                            "would extend prefix to {len} bits, which is too long for an IPv{} address.",
                            if net.bits == 32 { 4 } else { 6 }
                        ),
                    ));
                }
                let block = low_bits(net.bits - len);
                // Align the next free address up to this subnet's size.
                let start = next.and_then(|a| {
                    if a & block == 0 {
                        Some(a)
                    } else {
                        (a | block).checked_add(1)
                    }
                });
                let Some(start) = start.filter(|s| *s <= end && s | block <= end) else {
                    let after = out
                        .last()
                        .and_then(Value::as_str)
                        .map_or_else(|| format!("the start of {}", str_arg(args, 0).unwrap_or("")), str::to_owned);
                    return Err(FunctionError::arg(
                        i,
                        format!("not enough remaining address space for a subnet with a prefix of {len} bits after {after}."),
                    ));
                };
                out.push(Value::from(format!("{}/{len}", addr_text(start, net.bits))));
                next = (start | block).checked_add(1);
            }
            make_list(Type::String, out)
        })
}

/// OpenTofu's `cidrcontains`: whether a prefix contains an address or
/// another prefix (every address of it). Mixing IPv4 and IPv6 is an error.
fn cidrcontains() -> Function {
    Def::new("Returns whether a network prefix contains an IP address or another prefix.")
        .param(
            "containing_prefix",
            Type::String,
            "The network prefix in CIDR notation.",
        )
        .param(
            "contained_ip_or_prefix",
            Type::String,
            "An IP address, or a prefix in CIDR notation.",
        )
        .returns(Type::Bool)
        .build(|args| {
            let outer = parse_cidr(str_arg(args, 0)?, 0)?;
            let text = str_arg(args, 1)?;
            let (first, last, bits) = if text.contains('/') {
                let inner = parse_cidr(text, 1)?;
                let host = low_bits(inner.bits - inner.prefix);
                (inner.addr, inner.addr | host, inner.bits)
            } else if let Ok(v4) = text.parse::<Ipv4Addr>() {
                let a = u128::from(u32::from(v4));
                (a, a, 32)
            } else if let Ok(v6) = text.parse::<Ipv6Addr>() {
                let a = u128::from(v6);
                (a, a, 128)
            } else {
                return Err(FunctionError::arg(
                    1,
                    format!("invalid IP address or prefix {text:?}."),
                ));
            };
            if bits != outer.bits {
                return Err(FunctionError::new(format!(
                    "address family mismatch: {} vs. {text}",
                    str_arg(args, 0)?
                )));
            }
            let host = low_bits(outer.bits - outer.prefix);
            let inside = |a: u128| a & !host == outer.addr;
            Ok(Value::from(inside(first) && inside(last)))
        })
}
