//! `sort::sort_by` against the standard library's stable `slice::sort_by`, the independent
//! reference: the same order, equal elements kept in their order, on seeded random lists.

use token_energy::sort::sort_by;

mod common;
use common::Rng;

#[test]
fn the_order_is_the_standard_stable_sorts() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for len in (0..40).chain([100, 605, 1000]) {
        for keys in [3, 50, 1 << 20] {
            // (key, position): few distinct keys make many ties, whose order stability decides.
            let items: Vec<(u64, usize)> = (0..len).map(|i| (rng.next() % keys, i)).collect();
            let mut ours = items.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = items.clone();
            std.sort_by_key(|a| a.0);
            assert_eq!(ours, std, "{len} items, {keys} keys");
            let mut ours = items.clone();
            sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
            let mut std = items;
            std.sort_by_key(|a| std::cmp::Reverse(a.0));
            assert_eq!(ours, std, "{len} items, {keys} keys, descending");
        }
    }
}

#[test]
fn owned_text_and_floats_sort_as_the_standard_sort_does() {
    let mut words: Vec<String> = ["NVIDIA", "AMD", "nvidia", "", "AMD", "Intel", "ä"].map(String::from).to_vec();
    let mut expected = words.clone();
    expected.sort();
    sort_by(&mut words, Ord::cmp);
    assert_eq!(words, expected);
    let mut values = vec![3.5, -0.0, 0.0, f64::NAN, -1e300, 2.0, f64::INFINITY, 2.0];
    let mut expected = values.clone();
    expected.sort_by(f64::total_cmp);
    sort_by(&mut values, f64::total_cmp);
    assert_eq!(
        values.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        expected.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );
}
