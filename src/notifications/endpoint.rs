//! Where a push may go (API.md "Push"): only https endpoints on public addresses. Checked twice: at
//! subscribe, on the URL as given (an address literal or a local name is refused), and at delivery,
//! on the address actually connected to (a resolver that drops every non-public address, so a name
//! that resolves inside the network, or starts to later, reaches nothing). The one exception, plain
//! http to this machine, exists for tests only (`GROW_PUSH_ALLOW_LOOPBACK_HTTP`).

use std::{
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    sync::Arc,
};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use crate::error::AppError;

const MAX_ENDPOINT_LEN: usize = 2048;

/// What a push may reach: public addresses only, plus loopback under the test-only setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub allow_loopback: bool,
}

impl Reach {
    pub const PUBLIC: Reach = Reach { allow_loopback: false };

    fn allows(self, ip: IpAddr) -> bool {
        is_public(ip) || (self.allow_loopback && canonical(ip).is_loopback())
    }
}

/// An endpoint we will post to: https to a public host; plain http or https to loopback only when
/// `reach` allows loopback (tests).
pub fn check_endpoint(endpoint: &str, reach: Reach) -> Result<(), AppError> {
    let bad = || AppError::bad_request("endpoint must be an https URL of a public push service");
    if endpoint.is_empty() || endpoint.len() > MAX_ENDPOINT_LEN {
        return Err(AppError::bad_request("endpoint must be an https URL of at most 2048 characters"));
    }
    let url = reqwest::Url::parse(endpoint).map_err(|_| bad())?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad());
    }
    // The URL parser writes every form of an address (`2130706433`, `0x7f.1`) as its dotted one.
    let host = url.host_str().ok_or_else(bad)?;
    let loopback = match host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() {
        Ok(ip) => check_ip(ip, reach)?,
        Err(_) => check_name(host, reach)?,
    };
    match url.scheme() {
        "https" => Ok(()),
        "http" if loopback => Ok(()),
        _ => Err(bad()),
    }
}

/// An address literal: refused unless public (or loopback when allowed). True for loopback.
fn check_ip(ip: IpAddr, reach: Reach) -> Result<bool, AppError> {
    if reach.allows(ip) {
        Ok(canonical(ip).is_loopback())
    } else {
        Err(AppError::bad_request("endpoint must be an https URL of a public push service, not an internal address"))
    }
}

/// A host name: names that only mean something inside a network are refused. True for `localhost`.
fn check_name(name: &str, reach: Reach) -> Result<bool, AppError> {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    let is_localhost = name == "localhost" || name.ends_with(".localhost");
    if is_localhost && reach.allow_loopback {
        return Ok(true);
    }
    const LOCAL_SUFFIXES: [&str; 5] = [".local", ".internal", ".lan", ".home.arpa", ".intranet"];
    if is_localhost || !name.contains('.') || LOCAL_SUFFIXES.iter().any(|suffix| name.ends_with(suffix)) {
        return Err(AppError::bad_request("endpoint must be an https URL of a public push service, not a local name"));
    }
    Ok(false)
}

/// An IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`) is judged as that IPv4 one.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// True for an address anyone on the internet could be: not loopback, private, link-local,
/// unique-local, CGNAT, unspecified, multicast, broadcast, documentation or otherwise reserved.
pub fn is_public(ip: IpAddr) -> bool {
    match canonical(ip) {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0                                   // "this network", 0.0.0.0
        || a == 10                             // private
        || a == 127                            // loopback
        || (a == 100 && (64..128).contains(&b)) // CGNAT 100.64/10
        || (a == 169 && b == 254)              // link-local
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 0 && c == 0)      // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2)      // documentation
        || (a == 192 && b == 88 && c == 99)    // 6to4 relay anycast
        || (a == 192 && b == 168)              // private
        || (a == 198 && (b == 18 || b == 19))  // benchmarking
        || (a == 198 && b == 51 && c == 100)   // documentation
        || (a == 203 && b == 0 && c == 113)    // documentation
        || a >= 224) // multicast, reserved, broadcast
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let segments = ip.segments();
    let embedded_v4 = |high: u16, low: u16| Ipv4Addr::from((u32::from(high) << 16) | u32::from(low));
    match segments {
        // Unspecified, loopback and the deprecated IPv4-compatible form.
        [0, 0, 0, 0, 0, 0, _, _] => false,
        // NAT64 (64:ff9b::/96): the IPv4 address it reaches.
        [0x64, 0xff9b, 0, 0, 0, 0, high, low] => is_public_v4(embedded_v4(high, low)),
        // 6to4 (2002::/16): the IPv4 address it tunnels to.
        [0x2002, high, low, ..] => is_public_v4(embedded_v4(high, low)),
        // Teredo (2001::/32) and documentation (2001:db8::/32).
        [0x2001, 0, ..] | [0x2001, 0xdb8, ..] => false,
        // Discard-only 100::/64.
        [0x100, 0, 0, 0, ..] => false,
        [first, ..] => {
            first & 0xfe00 != 0xfc00        // unique-local fc00::/7
                && first & 0xffc0 != 0xfe80 // link-local fe80::/10
                && first & 0xffc0 != 0xfec0 // site-local fec0::/10 (deprecated)
                && first & 0xff00 != 0xff00 // multicast
        }
    }
}

/// The push client's resolver: resolves as the system does, then keeps only addresses the push may
/// reach. A name with none left fails to connect, so no request leaves for an internal address
/// whatever its name says.
pub struct GuardedResolver {
    reach: Reach,
}

impl GuardedResolver {
    pub fn new(reach: Reach) -> Arc<Self> {
        Arc::new(Self { reach })
    }

    /// The addresses of `host` a push may connect to; an error when there are none.
    pub async fn lookup(reach: Reach, host: &str) -> std::io::Result<Vec<SocketAddr>> {
        let found: Vec<SocketAddr> = tokio::net::lookup_host((host, 0)).await?.collect();
        let allowed: Vec<SocketAddr> = found.into_iter().filter(|addr| reach.allows(addr.ip())).collect();
        if allowed.is_empty() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                format!("{host} resolves to no public address: refused"),
            ));
        }
        Ok(allowed)
    }
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let (reach, host) = (self.reach, name.as_str().to_string());
        Box::pin(async move {
            let addrs = Self::lookup(reach, &host).await?;
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TESTS: Reach = Reach { allow_loopback: true };

    #[test]
    fn only_https_to_public_hosts_is_accepted() {
        for good in ["https://fcm.googleapis.com/fcm/send/abc", "https://8.8.8.8/push", "https://[2606:4700::1111]/p"] {
            assert!(check_endpoint(good, Reach::PUBLIC).is_ok(), "{good}");
        }
        for bad in [
            "http://push.example/1",
            "ftp://push.example/1",
            "not a url",
            "https://127.0.0.1:9000/push/1",
            "http://127.0.0.1:9000/push/1",
            "https://[::1]/push",
            "https://localhost/push",
            "https://api.localhost/push",
            "https://10.0.0.1/",
            "https://172.16.4.2/",
            "https://192.168.1.1/",
            "https://169.254.169.254/latest/meta-data",
            "https://100.64.0.1/",
            "https://0.0.0.0/",
            "https://224.0.0.1/",
            "https://255.255.255.255/",
            "https://192.0.2.1/",
            "https://[fd00::1]/",
            "https://[fe80::1]/",
            "https://[::ffff:127.0.0.1]/",
            "https://[::ffff:10.1.2.3]/",
            "https://[64:ff9b::a00:1]/",
            "https://2130706433/",
            "https://0x7f000001/",
            "https://intranet/push",
            "https://printer.local/push",
            "https://user:pw@push.example/1",
        ] {
            assert!(check_endpoint(bad, Reach::PUBLIC).is_err(), "{bad}");
        }
        assert!(check_endpoint(&format!("https://x.example/{}", "a".repeat(3000)), Reach::PUBLIC).is_err());
    }

    #[test]
    fn the_test_setting_opens_loopback_and_nothing_else() {
        assert!(check_endpoint("http://127.0.0.1:9000/push/1", TESTS).is_ok());
        assert!(check_endpoint("http://[::1]:9000/push/1", TESTS).is_ok());
        assert!(check_endpoint("http://localhost/push", TESTS).is_ok());
        assert!(check_endpoint("http://push.example/1", TESTS).is_err());
        assert!(check_endpoint("https://10.0.0.1/", TESTS).is_err());
        assert!(check_endpoint("http://10.0.0.1/", TESTS).is_err());
    }

    #[test]
    fn internal_ranges_are_not_public() {
        for internal in ["127.0.0.1", "10.1.1.1", "100.127.255.255", "::", "::1", "fc00::1", "ff02::1", "2001:db8::1"] {
            assert!(!is_public(internal.parse().unwrap()), "{internal}");
        }
        for public in ["1.1.1.1", "100.128.0.1", "172.32.0.1", "2606:4700::1111", "2002:0808:0808::1"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[tokio::test]
    async fn the_resolver_refuses_names_that_resolve_inside() {
        let resolver = GuardedResolver::new(Reach::PUBLIC);
        let refused = resolver.resolve("localhost".parse().unwrap()).await;
        assert!(refused.is_err(), "localhost resolves to loopback only");
        let opened = GuardedResolver::new(TESTS).resolve("localhost".parse().unwrap()).await;
        assert!(opened.is_ok_and(|mut addrs| addrs.all(|a| a.ip().is_loopback())));
    }
}
