//! One stable sort for the whole app. Each `slice::sort_by` call with its own element type and
//! closure compiles the standard library's driftsort again (about 4 KB of wasm each); [`sort_by`]
//! sorts indices with one comparison behind a `dyn`, so every caller shares a single instance.
//! `tests/sort.rs` checks it against `slice::sort_by`.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`: the order `slice::sort_by` gives.
pub fn sort_by<T>(items: &mut Vec<T>, compare: impl Fn(&T, &T) -> Ordering) {
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    let order = {
        let at = |i: usize| slots.get(i).and_then(Option::as_ref);
        sorted_indices(slots.len(), &|a, b| match (at(a), at(b)) {
            (Some(a), Some(b)) => compare(a, b),
            _ => Ordering::Equal,
        })
    };
    items.extend(order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)));
}

/// `0..len` in the order `compare` gives (stable).
fn sorted_indices(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}
