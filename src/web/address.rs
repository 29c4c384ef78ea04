//! Where another device finds the desk: this machine's address on the venue's network, and
//! the address drawn as a QR code (an SVG for `/connect`, Unicode half blocks for the
//! terminal).

/// This machine's address on its local network, as the system picks it for outgoing traffic:
/// a UDP socket "connected" to an address of a private range (no packet is sent) reports the
/// local address it would use. `None` without a network (or when it is a loopback one).
pub fn lan_address(v6: bool) -> Option<std::net::IpAddr> {
    let (bind, probe) = if v6 {
        ("[::]:0", "[fd00::1]:9")
    } else {
        ("0.0.0.0:0", "10.255.255.255:9")
    };
    let socket = std::net::UdpSocket::bind(bind).ok()?;
    socket.connect(probe).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// The QR code of `url` as an SVG drawing (`<svg …>`, no XML declaration: to put inside a
/// page), black on white with the quiet zone, at least 240 px wide; `None` when the text is
/// too long for a QR code (over 2,331 bytes at error correction level M).
pub fn qr_svg(url: &str) -> Option<String> {
    let code =
        qrcode::QrCode::with_error_correction_level(url.as_bytes(), qrcode::EcLevel::M).ok()?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    Some(match svg.find("<svg") {
        Some(i) => svg[i..].to_string(),
        None => svg,
    })
}

/// The QR code of `url` for a terminal: two rows of modules per line in Unicode half blocks,
/// drawn for light text on a dark background (the quiet zone light); `None` as [`qr_svg`].
pub fn qr_text(url: &str) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code =
        qrcode::QrCode::with_error_correction_level(url.as_bytes(), qrcode::EcLevel::M).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}
