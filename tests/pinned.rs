//! The sourced systems' maxima and supplies, and every sourced idle reading, pinned to the figures
//! their sources publish (issue 49): each expected value is typed here from the quote in the
//! reference material (`RACK-POWER.md`, `SERVER-POWER.md`, `IDLE.md`, and the posted readings each
//! idle source's note quotes), never read from the catalogue or the code under test. A data edit that
//! moves one of them fails here and must name its new source.
#![allow(clippy::panic)] // a test fails by panicking

use token_energy::catalogue::Catalogue;

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

/// (card, system id, GPUs, maximum W, supplies, W each, redundancy as stated, source id).
type Pinned = (&'static str, &'static str, u32, f64, u32, f64, Option<&'static str>, &'static str);

const SYSTEMS: [Pinned; 5] = [
    // DGX H100/H200 User Guide, Power Specifications: "6 × 3.3 kW", "10.2 kW max", 4+2 (RACK-POWER.md).
    ("h100-sxm", "dgx-h100", 8, 10_200.0, 6, 3_300.0, Some("4+2"), "nvidia-dgxh100-ug"),
    ("h200-sxm", "dgx-h200", 8, 10_200.0, 6, 3_300.0, Some("4+2"), "nvidia-dgxh100-ug"),
    // DGX B200: "6 x 3.3 kW" (user guide), "System Power Usage ~14.3 kW max" (product page), 5+1.
    ("b200-sxm", "dgx-b200", 8, 14_300.0, 6, 3_300.0, Some("5+1"), "nvidia-dgxb200-ug"),
    // GB200 NVL72: 8 power shelves × 6 × 5.5 kW (NVIDIA's user guide); ≈ 120 kW from the press after
    // ServeTheHome (SERVER-POWER.md: "press, ServeTheHome"; issue 48: not NVIDIA's figure), ≈ 132 kW
    // (Supermicro): below.
    ("gb200", "gb200-nvl72", 72, 120_000.0, 48, 5_500.0, Some("N+N"), "techradar-gb200-nvl72-120kw"),
    // GB300 NVL72, NVIDIA's NVL72 AI Factory reference architecture: "8 power shelves of 33 kW, with each
    // shelf having six 5.5 kW PSUs"; "Full rack requiring up to 142 kW" (SERVER-POWER.md).
    ("gb300", "gb300-nvl72", 72, 142_000.0, 48, 5_500.0, None, "nvidia-ra-gb300-nvl72-components"),
];

#[test]
fn every_systems_maximum_and_supplies_are_the_published_figures() {
    let mut seen = 0;
    for (card, id, gpus, max, count, watts, redundancy, source) in SYSTEMS {
        let c = catalogue().card(card).unwrap_or_else(|| panic!("no card {card}"));
        let s = c.systems.iter().find(|s| *s.id == *id).unwrap_or_else(|| panic!("{card} has no {id}"));
        assert_eq!((s.gpus, s.max_watts, &*s.source), (gpus, max, source), "{id}");
        let psus = s.psus.as_ref().unwrap_or_else(|| panic!("{id}: supplies not stated"));
        assert_eq!((psus.count, psus.watts, psus.redundancy.as_deref()), (count, watts, redundancy), "{id}");
        // A system's maximum never exceeds what its supplies can deliver.
        assert!(max <= f64::from(count) * watts, "{id}");
        seen += 1;
    }
    // No system the test does not know of: a new one is pinned here with its source.
    let all: usize = catalogue().cards.iter().map(|c| c.systems.len()).sum();
    assert_eq!(all, seen, "a sourced system without its published figure here");
    // The GB200 NVL72's rack figure is secondary and spans ≈ 120 to ≈ 132 kW (SERVER-POWER.md: "a
    // range, not a maximum"): whatever the catalogue holds lies within it.
    let gb200 = catalogue().card("gb200").and_then(|c| c.systems.first()).expect("GB200 NVL72");
    let high = gb200.max_high.unwrap_or(gb200.max_watts);
    assert!((120_000.0..=132_000.0).contains(&gb200.max_watts) && high <= 132_000.0, "{gb200:?}");
}

/// (card, lowest and highest posted reading W, source id), each as the source's note quotes the
/// posted `nvidia-smi` / `rocm-smi` table: a model held, 0 % utilisation.
const IDLE: [(&str, f64, f64, &str); 8] = [
    // "GPU 0 holding 130215 MiB … drawing 122 W; the same host 118–121 W".
    ("h200-sxm", 118.0, 122.0, "idle-h200-sxm-arxiv-confi"),
    // "python model servers holding 62–89 GB at 0 %, P0: 94 W / 96 W".
    ("h200-nvl", 94.0, 96.0, "idle-h200-nvl-rag-server"),
    // "holding 70323 MiB for vLLM … at 0 %, P0, drawing 117 W".
    ("h100-sxm", 117.0, 117.0, "idle-h100-sxm-nebius-demo"),
    // "holding 25169 MiB / 34743 MiB at 0 %, P0, drawing 79 W / 81 W".
    ("h100-pcie", 79.0, 81.0, "idle-h100-pcie-tensorrtllm"),
    // "2 × L40S … each holding 43147 MiB … at 0 %, P0, drawing 82 W / 86 W".
    ("l40s", 82.0, 86.0, "idle-l40s-vllm-tp2"),
    // "holding 84191–84629 MiB for SGLang … at 0 %, P0, drawing 89–96 W".
    ("rtx-pro-6000-se", 89.0, 96.0, "idle-rtx-pro-6000-sglang"),
    // "4 × B200 … each holding about 169 GB for vLLM … at 0 %, P0, drawing 187–195 W".
    ("b200-sxm", 187.0, 195.0, "idle-b200-nemo-dynamo"),
    // "MI300X with 95 % of its VRAM held at 0 % GPU use, drawing 191 W".
    ("mi300x", 191.0, 191.0, "idle-mi300x-rocm-5231"),
];

#[test]
fn every_sourced_idle_reading_is_the_posted_one() {
    for (card, low, high, source) in IDLE {
        let rows: Vec<_> = token_energy::catalogue::reference()
            .iter()
            .filter(|r| &*r.field == "idle" && r.card.as_deref() == Some(card))
            .collect();
        assert_eq!(rows.len(), 1, "{card}: one sourced reading");
        let r = rows[0];
        assert_eq!((r.value, r.high.unwrap_or(r.value), &*r.source), (low, high, source), "{card}");
    }
    // Every card with a sourced idle power is pinned here.
    let all = token_energy::catalogue::reference().iter().filter(|r| &*r.field == "idle").count();
    assert_eq!(all, IDLE.len(), "a sourced idle reading without its posted figure here");
}
