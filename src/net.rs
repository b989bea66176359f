//! Who is on the other end: trusted proxies and the client address behind them.

use std::net::IpAddr;

use axum::http::HeaderMap;

/// An address block, `10.0.0.0/8` or a single address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpBlock {
    base: IpAddr,
    prefix: u8,
}

impl IpBlock {
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr.parse::<IpAddr>().ok()?, Some(prefix.parse::<u8>().ok()?)),
            None => (text.parse::<IpAddr>().ok()?, None),
        };
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(max);
        (prefix <= max).then_some(Self { base: addr, prefix })
    }

    pub fn contains(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        match (canonical(self.base), addr) {
            (IpAddr::V4(base), IpAddr::V4(addr)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(base) & mask == u32::from(addr) & mask
            }
            (IpAddr::V6(base), IpAddr::V6(addr)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(base) & mask == u128::from(addr) & mask
            }
            _ => false,
        }
    }
}

/// An IPv4 address seen through an IPv6 socket (`::ffff:1.2.3.4`) is the IPv4 address.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, IpAddr::V4),
        v4 => v4,
    }
}

/// Parses `GROW_TRUSTED_PROXIES`: addresses or blocks separated by commas or spaces.
pub fn parse_blocks(text: &str) -> Result<Vec<IpBlock>, String> {
    text.split([',', ' '])
        .filter(|part| !part.trim().is_empty())
        .map(|part| IpBlock::parse(part).ok_or_else(|| format!("{part:?} is not an address or address/prefix")))
        .collect()
}

/// The client's address: the peer's, unless the peer is a trusted proxy, in which case the
/// nearest address in `X-Forwarded-For` that is not itself a trusted proxy (read from the right,
/// since a client can write anything on the left).
pub fn client_address(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpBlock]) -> Option<IpAddr> {
    let peer = peer?;
    let is_trusted = |addr: IpAddr| trusted.iter().any(|block| block.contains(addr));
    if !is_trusted(peer) {
        return Some(peer);
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|part| part.trim().parse::<IpAddr>().ok())
        .collect();
    forwarded.iter().rev().copied().find(|addr| !is_trusted(*addr)).or(forwarded.first().copied()).or(Some(peer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn blocks_match_their_addresses() {
        let block = IpBlock::parse("10.1.0.0/16").unwrap();
        assert!(block.contains(ip("10.1.200.3")));
        assert!(!block.contains(ip("10.2.0.1")));
        assert!(IpBlock::parse("127.0.0.1").unwrap().contains(ip("::ffff:127.0.0.1")));
        assert!(IpBlock::parse("::1").unwrap().contains(ip("::1")));
        assert!(IpBlock::parse("0.0.0.0/0").unwrap().contains(ip("8.8.8.8")));
        assert!(IpBlock::parse("10.0.0.0/33").is_none());
        assert!(parse_blocks("10.0.0.1, nonsense").is_err());
        assert_eq!(parse_blocks(" 10.0.0.1,192.168.0.0/16 ").unwrap().len(), 2);
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "6.6.6.6, 203.0.113.9, 10.0.0.2".parse().unwrap());
        let trusted = parse_blocks("10.0.0.0/8").unwrap();
        // From the proxy: the nearest untrusted hop, not what the client wrote on the left.
        assert_eq!(client_address(Some(ip("10.0.0.1")), &headers, &trusted), Some(ip("203.0.113.9")));
        // From anyone else: the header is ignored.
        assert_eq!(client_address(Some(ip("198.51.100.7")), &headers, &trusted), Some(ip("198.51.100.7")));
        assert_eq!(client_address(Some(ip("10.0.0.1")), &HeaderMap::new(), &trusted), Some(ip("10.0.0.1")));
    }
}
