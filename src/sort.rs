//! One stable sort for the whole app, so that the wasm carries one copy of `std`'s sort.
//!
//! `slice::sort_by` (and `sort`, `sort_by_key`) compiles a separate copy of `std`'s
//! stable sort (driftsort, about 3.5 KB of wasm) for every element type and comparison
//! closure; the app sorted about twenty kinds of lists. Here the sort runs once, on the
//! positions `0..n` compared through a `&dyn Fn` — a single instance of the sort — and
//! the elements are then moved into that order (a small function per element type).
//! Stable like `sort_by`: equal elements keep their order, so each caller keeps the
//! order it had (several rely on it: the home list's matches of the same time, the
//! standings' rows of the same rank).

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stable (equal elements keep their order): the result of
/// `v.sort_by(cmp)`.
pub fn sort_by<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let order = order(v.len(), &|a, b| cmp(&v[a], &v[b]));
    permute(v, order);
}

/// Sorts `v` by the key `f` gives, stable: the result of `v.sort_by_key(f)`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], f: impl Fn(&T) -> K) {
    sort_by(v, |a, b| f(a).cmp(&f(b)));
}

/// Sorts `v` in ascending order, stable: the result of `v.sort()`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// The positions `0..n` in the order `cmp` gives them (stable: equal positions in
/// ascending order). Not generic: the one instance of `std`'s sort.
#[inline(never)]
fn order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| cmp(a, b));
    idx
}

/// Moves the elements of `v` so that position `k` holds the element that was at
/// `order[k]` (`order` a permutation of `0..v.len()`), following each cycle once.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..v.len() {
        let mut at = start;
        while order[at] != DONE {
            let from = std::mem::replace(&mut order[at], DONE);
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), for lists with many equal keys.
    fn numbers(seed: u64, n: usize, modulo: u64) -> Vec<u64> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % modulo
            })
            .collect()
    }

    #[test]
    fn same_order_as_std_stable_sort() {
        for (seed, n, modulo) in
            [(1, 0, 3), (2, 1, 3), (3, 2, 2), (4, 17, 3), (5, 100, 7), (6, 1000, 1000), (7, 500, 1)]
        {
            // (key, original position): the positions show that equal keys keep their order.
            let v: Vec<(u64, usize)> = numbers(seed, n, modulo).into_iter().zip(0..).collect();
            let mut ours = v.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = v.clone();
            std.sort_by_key(|a| a.0);
            assert_eq!(ours, std, "seed {seed}, n {n}");
            let mut ours = v.clone();
            sort_by_key(&mut ours, |x| std::cmp::Reverse(x.0));
            let mut std = v.clone();
            std.sort_by_key(|x| std::cmp::Reverse(x.0));
            assert_eq!(ours, std, "seed {seed}, n {n}, reversed");
        }
    }

    #[test]
    fn sorts_owned_values() {
        let mut v: Vec<String> = ["b", "a", "c", "a"].iter().map(|s| s.to_string()).collect();
        sort(&mut v);
        assert_eq!(v, ["a", "a", "b", "c"]);
        let mut already = vec![1, 2, 3];
        sort(&mut already);
        assert_eq!(already, [1, 2, 3]);
    }
}
