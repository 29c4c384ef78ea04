//! Fixed-width unsigned integers for edge weights.
//!
//! The Dutch edge weight packs one bit field per criterion (C5–C21), highest criterion in the
//! highest bits, so a maximum-weight matching optimises the criteria lexicographically. With
//! hundreds of players and many score groups the weight needs several hundred bits; [`Wide`]
//! is an `N`×64-bit unsigned integer with the few operations the matcher and the weight
//! builder use. Arithmetic wraps modulo 2^(64·N); callers size `N` so that it never does.

// Index loops mirror the algorithm's own index arithmetic (vertices, limbs, bracket positions).
#![allow(clippy::needless_range_loop)]

use std::cmp::Ordering;

/// The operations the weighted matcher and the Dutch weight builder need from a weight type.
pub trait Weight:
    Copy + Ord + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync + 'static
{
    /// Number of usable bits.
    const BITS: u32;
    /// Zero.
    fn zero() -> Self;
    /// A small value.
    fn from_u64(v: u64) -> Self;
    /// `self == 0`.
    fn is_zero(&self) -> bool;
    /// Wrapping sum.
    fn add(&self, o: &Self) -> Self;
    /// Wrapping difference.
    fn sub(&self, o: &Self) -> Self;
    /// `self + a − b` in one pass (the matcher's slack `d_i + d_j − 2·w_ij`).
    fn add_sub(&self, a: &Self, b: &Self) -> Self;
    /// Left shift by `n` bits (bits shifted out are lost).
    fn shl(&self, n: u32) -> Self;
    /// Right shift by one bit.
    fn half(&self) -> Self;
    /// Bitwise or.
    fn or(&self, o: &Self) -> Self;
    /// Lowest bit set.
    fn is_odd(&self) -> bool;
    /// The value `2^n − 1`.
    fn ones(n: u32) -> Self;
    /// The value modulo the prime `2^61 − 1`.
    fn residue(&self) -> u64;
    /// Bits `s..s + 64` (`⌊self / 2^s⌋` modulo `2^64`).
    fn window(&self, s: u32) -> u64;
}

/// An unsigned integer of `N` 64-bit limbs, least significant limb first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> Weight for Wide<N> {
    const BITS: u32 = 64 * N as u32;

    #[inline]
    fn zero() -> Self {
        Wide([0; N])
    }

    #[inline]
    fn from_u64(v: u64) -> Self {
        let mut r = [0; N];
        r[0] = v;
        Wide(r)
    }

    #[inline]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }

    #[inline]
    fn add(&self, o: &Self) -> Self {
        let mut r = [0; N];
        let mut carry = false;
        for (i, slot) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 || c2;
        }
        Wide(r)
    }

    #[inline]
    fn sub(&self, o: &Self) -> Self {
        let mut r = [0; N];
        let mut borrow = false;
        for (i, slot) in r.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *slot = s2;
            borrow = b1 || b2;
        }
        Wide(r)
    }

    #[inline]
    fn add_sub(&self, a: &Self, b: &Self) -> Self {
        let mut r = [0; N];
        // Per limb: x + y − z + carry, kept in an i128 (carry in −1..=1).
        let mut carry: i128 = 0;
        for (i, slot) in r.iter_mut().enumerate() {
            let v = i128::from(self.0[i]) + i128::from(a.0[i]) - i128::from(b.0[i]) + carry;
            *slot = v as u64;
            carry = v >> 64;
        }
        Wide(r)
    }

    #[inline]
    fn shl(&self, n: u32) -> Self {
        let limbs = (n / 64) as usize;
        let bits = n % 64;
        let mut r = [0; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r[i] = v;
        }
        Wide(r)
    }

    #[inline]
    fn half(&self) -> Self {
        let mut r = [0; N];
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            r[i] = (self.0[i] >> 1) | hi;
        }
        Wide(r)
    }

    #[inline]
    fn or(&self, o: &Self) -> Self {
        let mut r = [0; N];
        for (i, slot) in r.iter_mut().enumerate() {
            *slot = self.0[i] | o.0[i];
        }
        Wide(r)
    }

    #[inline]
    fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }

    fn residue(&self) -> u64 {
        // 2^61 ≡ 1 modulo 2^61 − 1: the sum of the 61-bit pieces has the same residue.
        const P: u64 = (1 << 61) - 1;
        let mut sum: u128 = 0;
        let mut bit = 0;
        while bit < 64 * N as u32 {
            sum += u128::from(self.window(bit) & P);
            bit += 61;
        }
        let mut r = (sum % u128::from(P)) as u64;
        if r >= P {
            r -= P;
        }
        r
    }

    #[inline(always)]
    fn window(&self, s: u32) -> u64 {
        let limb = (s / 64) as usize;
        let bits = s % 64;
        if limb >= N {
            return 0;
        }
        let lo = self.0[limb] >> bits;
        if bits > 0 && limb + 1 < N {
            lo | self.0[limb + 1] << (64 - bits)
        } else {
            lo
        }
    }

    fn ones(n: u32) -> Self {
        let mut r = [0; N];
        for (i, slot) in r.iter_mut().enumerate() {
            let lo = 64 * i as u32;
            if n >= lo + 64 {
                *slot = u64::MAX;
            } else if n > lo {
                *slot = (1u64 << (n - lo)) - 1;
            }
        }
        Wide(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_and_shifts_cross_limbs() {
        let a = Wide::<2>([u64::MAX, 0]);
        let b = a.add(&Wide::from_u64(1));
        assert_eq!(b, Wide([0, 1]));
        assert_eq!(b.sub(&Wide::from_u64(1)), a);
        assert_eq!(Wide::<2>::from_u64(3).shl(63), Wide([1 << 63, 1]));
        assert_eq!(Wide::<2>([0, 1]).half(), Wide([1 << 63, 0]));
        assert_eq!(Wide::<2>::ones(65), Wide([u64::MAX, 1]));
        assert!(Wide::<2>([0, 1]) > Wide([u64::MAX, 0]));
    }

    /// The residue modulo 2^61 − 1 of values checked by hand (2^61 ≡ 1, so 2^122 ≡ 1 and
    /// 2^128 − 1 ≡ 2^6 − 1 = 63; Python's `(2**128 - 1) % (2**61 - 1)` agrees).
    #[test]
    fn residues_modulo_the_mersenne_prime() {
        let p = (1u64 << 61) - 1;
        assert_eq!(Wide::<2>::from_u64(p).residue(), 0);
        assert_eq!(Wide::<2>::from_u64(p + 5).residue(), 5);
        assert_eq!(Wide::<2>([0, 1 << 58]).residue(), 1);
        assert_eq!(Wide::<2>([u64::MAX, u64::MAX]).residue(), 63);
        assert_eq!(Wide::<11>([u64::MAX; 11]).residue(), {
            // 2^704 − 1 = 2^(61·11 + 33) − 1 ≡ 2^33 − 1.
            (1u64 << 33) - 1
        });
        // The slack test of the matcher: a + b ≡ c exactly when a + b − c ≡ 0.
        let a = Wide::<4>([7, 1 << 40, 3, 1]);
        let b = Wide::<4>([u64::MAX, 5, 0, 2]);
        let c = a.add(&b);
        assert_eq!((a.residue() + b.residue()) % p, c.residue());
    }
}
