//! The sheet's QR code: the SVG path drawn from `qrcodegen`'s modules, read back module by module.
#![allow(clippy::panic, clippy::expect_used, clippy::indexing_slicing, clippy::needless_range_loop)] // a test fails by panicking; the quiet zone is checked by index on four sides

use token_energy::qr;

/// The dark modules the path draws (each `M x y h n v1 h-n z` a run of `n`), as a grid.
fn grid(svg: &qr::Svg) -> Vec<Vec<bool>> {
    let side = usize::try_from(svg.side).expect("side");
    let mut g = vec![vec![false; side]; side];
    for run in svg.path.split('M').filter(|r| !r.is_empty()) {
        let (xy, rest) = run.split_once('h').expect("h");
        let (x, y) = xy.split_once(' ').expect("x y");
        let (n, tall) = rest.split_once('v').expect("v");
        let n: usize = n.parse().expect("n");
        // Exactly one module tall: taller bleeds into the light module below (issue 37).
        assert_eq!(tall, format!("1h-{n}z"), "run {run}");
        let (x, y): (usize, usize) = (x.parse().expect("x"), y.parse().expect("y"));
        for cell in &mut g[y][x..x + n] {
            *cell = true;
        }
    }
    g
}

#[test]
fn the_path_draws_three_finder_patterns_inside_a_quiet_zone() {
    let link = format!("https://x.test/?v=1&card=h200-nvl{}", "&cfg=v%3D1%26card%3Dl40s".repeat(110));
    let svg = qr::svg(&link).expect("fits");
    let g = grid(&svg);
    let side = g.len();
    // Quiet zone of 4 modules, all light.
    for i in 0..side {
        for q in 0..4 {
            assert!(!g[q][i] && !g[i][q] && !g[side - 1 - q][i] && !g[i][side - 1 - q]);
        }
    }
    // ISO/IEC 18004 finder pattern: a 7 × 7 dark ring, a light ring, a 3 × 3 dark core.
    let size = side - 8;
    for (ox, oy) in [(4, 4), (4 + size - 7, 4), (4, 4 + size - 7)] {
        for dy in 0..7 {
            for dx in 0..7 {
                let ring = dx == 0 || dy == 0 || dx == 6 || dy == 6;
                let core = (2..=4).contains(&dx) && (2..=4).contains(&dy);
                assert_eq!(g[oy + dy][ox + dx], ring || core, "finder at {ox},{oy}: {dx},{dy}");
            }
        }
    }
    // Version v has 17 + 4v modules a side.
    assert_eq!((size - 17) % 4, 0);
    // Too long for any version: no code rather than a broken one.
    assert!(qr::svg(&"x".repeat(3000)).is_none());
}

#[test]
fn the_smallest_version_that_holds_the_text_at_level_l() {
    // ISO/IEC 18004, table 7: in byte mode, version 20-L holds 858 bytes and version 21-L 929;
    // version v has 17 + 4v modules a side, plus four of quiet zone on each side. (At level M,
    // 858 bytes would need version 24.)
    let side = |n: usize| qr::svg(&"x".repeat(n)).expect("fits").side;
    assert_eq!(side(858), 17 + 4 * 20 + 8);
    assert_eq!(side(859), 17 + 4 * 21 + 8);
    assert_eq!(side(929), 17 + 4 * 21 + 8);
    // Version 1-L holds 17 bytes, version 40-L 2,953.
    assert_eq!(side(17), 21 + 8);
    assert_eq!(side(2953), 17 + 4 * 40 + 8);
    assert!(qr::svg(&"x".repeat(2954)).is_none());
}
