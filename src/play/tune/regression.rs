//! Logistic regression of game results on features, by Newton's method (iteratively
//! reweighted least squares) with a small ridge term: the fit of Texel's tuning method.

/// Why a fit failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// No sample to fit.
    #[error("no position to fit")]
    Empty,
    /// A sample whose feature count differs from the first one's.
    #[error("sample {0} has a different number of features")]
    Ragged(usize),
    /// The information matrix is singular: a feature is constant or a combination of others.
    #[error("singular fit: feature {0} is constant or a combination of the others")]
    Singular(usize),
    /// Newton's method did not settle within its iterations.
    #[error("the fit did not converge")]
    NoConvergence,
}

/// Iterations of Newton's method before giving up; a logistic fit needs fewer than ten.
const MAX_ITERATIONS: usize = 60;

/// The fit stops once no weight moves by more than this.
const TOLERANCE: f64 = 1e-9;

/// A pivot this small against the diagonal's largest entry marks a singular matrix.
const SINGULAR: f64 = 1e-12;

/// `1 / (1 + e^-z)`: the logistic function. See the example of [`fit`].
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fits `P(y = 1) = sigmoid(w · x)` by maximum likelihood to the samples `(x, y)` with
/// `y` in [0, 1] (a draw is ½, the usual Texel loss), adding `ridge × |w|²/2` to the loss
/// for every weight but the first (the intercept, when `x[0]` is 1). Starts from `start`
/// when given (a warm start for a bootstrap resample), from zeros otherwise; `weights`, when
/// given, counts each sample that many times.
///
/// ```
/// use fairy_rules::tune::regression::{fit, sigmoid};
/// // One feature, the truth w = (0.2, 1.5): at x = -1, 0, 1 the targets are its probabilities.
/// let truth = [0.2, 1.5];
/// let x: Vec<Vec<f64>> = (0..3).map(|i| vec![1.0, f64::from(i) - 1.0]).collect();
/// let y: Vec<f64> = x.iter().map(|x| sigmoid(truth[0] + truth[1] * x[1])).collect();
/// let w = fit(&x, &y, None, 0.0, None)?;
/// assert!((w[0] - 0.2).abs() < 1e-6 && (w[1] - 1.5).abs() < 1e-6);
/// # Ok::<(), fairy_rules::tune::regression::FitError>(())
/// ```
///
/// # Errors
/// [`FitError`] for no samples, samples of different lengths, a singular information matrix
/// or no convergence.
pub fn fit(
    x: &[Vec<f64>],
    y: &[f64],
    weights: Option<&[f64]>,
    ridge: f64,
    start: Option<&[f64]>,
) -> Result<Vec<f64>, FitError> {
    let k = x.first().ok_or(FitError::Empty)?.len();
    if let Some(i) = x.iter().position(|r| r.len() != k) {
        return Err(FitError::Ragged(i));
    }
    let mut w = start.map_or_else(|| vec![0.0; k], <[f64]>::to_vec);
    let weight = |i: usize| weights.map_or(1.0, |ws| ws[i]);
    let mut loss = loss_of(x, y, &weights, ridge, &w);
    for _ in 0..MAX_ITERATIONS {
        let mut grad = vec![0.0; k];
        let mut hess = vec![0.0; k * k];
        for (i, (row, &target)) in x.iter().zip(y).enumerate() {
            let c = weight(i);
            if c == 0.0 {
                continue;
            }
            let p = sigmoid(dot(row, &w));
            let g = c * (target - p);
            let h = c * p * (1.0 - p);
            for a in 0..k {
                grad[a] += g * row[a];
                if row[a] != 0.0 {
                    for b in a..k {
                        hess[a * k + b] += h * row[a] * row[b];
                    }
                }
            }
        }
        for a in 0..k {
            for b in 0..a {
                hess[a * k + b] = hess[b * k + a];
            }
        }
        for a in 1..k {
            grad[a] -= ridge * w[a];
            hess[a * k + a] += ridge;
        }
        let step = solve(&hess, &grad, k)?;
        // Newton's step, halved while it makes the loss worse (it rarely does).
        let mut scale = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = w.iter().zip(&step).map(|(a, s)| a + scale * s).collect();
            let l = loss_of(x, y, &weights, ridge, &next);
            if l <= loss + 1e-12 * loss.abs().max(1.0) || scale < 1e-6 {
                loss = l;
                break;
            }
            scale /= 2.0;
        }
        let moved = step.iter().map(|s| (scale * s).abs()).fold(0.0, f64::max);
        w = next;
        if !w.iter().all(|v| v.is_finite()) {
            return Err(FitError::NoConvergence);
        }
        if moved < TOLERANCE {
            return Ok(w);
        }
    }
    Err(FitError::NoConvergence)
}

/// The negative log-likelihood (cross-entropy against targets in [0, 1]) plus the ridge.
fn loss_of(x: &[Vec<f64>], y: &[f64], weights: &Option<&[f64]>, ridge: f64, w: &[f64]) -> f64 {
    let mut total = 0.0;
    for (i, (row, &t)) in x.iter().zip(y).enumerate() {
        let c = weights.map_or(1.0, |ws| ws[i]);
        if c == 0.0 {
            continue;
        }
        let z = dot(row, w);
        // log(1 + e^z) - t z, computed without overflow.
        let softplus = if z > 0.0 {
            z + (-z).exp().ln_1p()
        } else {
            z.exp().ln_1p()
        };
        total += c * (softplus - t * z);
    }
    total + ridge / 2.0 * w.iter().skip(1).map(|v| v * v).sum::<f64>()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Solves `m s = g` for the symmetric positive definite `k × k` matrix `m` (row-major) by
/// Cholesky's decomposition.
fn solve(m: &[f64], g: &[f64], k: usize) -> Result<Vec<f64>, FitError> {
    let scale = (0..k).map(|i| m[i * k + i].abs()).fold(0.0, f64::max);
    let mut l = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..=i {
            let mut s = m[i * k + j];
            for p in 0..j {
                s -= l[i * k + p] * l[j * k + p];
            }
            if i == j {
                if s.is_nan() || s <= SINGULAR * scale {
                    return Err(FitError::Singular(i));
                }
                l[i * k + i] = s.sqrt();
            } else {
                l[i * k + j] = s / l[j * k + j];
            }
        }
    }
    let mut z = vec![0.0; k];
    for i in 0..k {
        let s: f64 = (0..i).map(|p| l[i * k + p] * z[p]).sum();
        z[i] = (g[i] - s) / l[i * k + i];
    }
    let mut s = vec![0.0; k];
    for i in (0..k).rev() {
        let t: f64 = (i + 1..k).map(|p| l[p * k + i] * s[p]).sum();
        s[i] = (z[i] - t) / l[i * k + i];
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn synthetic_weights_are_fitted_back() {
        let truth = [0.1, 1.0, 3.0, -0.5];
        let mut rng = StdRng::seed_from_u64(1);
        let mut x = Vec::new();
        let mut y = Vec::new();
        for _ in 0..40_000 {
            let row = vec![
                1.0,
                f64::from(rng.random_range(-2i32..=2)),
                f64::from(rng.random_range(-1i32..=1)),
                f64::from(rng.random_range(-3i32..=3)),
            ];
            let p = sigmoid(dot(&row, &truth));
            // Results 1, ½ or 0 with mean p: two half-games, each won with p.
            let r = (f64::from(u8::from(rng.random_bool(p)))
                + f64::from(u8::from(rng.random_bool(p))))
                / 2.0;
            x.push(row);
            y.push(r);
        }
        let w = fit(&x, &y, None, 1e-3, None).unwrap();
        for (got, want) in w.iter().zip(truth) {
            assert!((got - want).abs() < 0.08, "{w:?} against {truth:?}");
        }
        // Counting every sample twice moves nothing.
        let twice = vec![2.0; x.len()];
        let w2 = fit(&x, &y, Some(&twice), 2e-3, Some(&w)).unwrap();
        assert!(w.iter().zip(&w2).all(|(a, b)| (a - b).abs() < 1e-6));
    }

    #[test]
    fn a_constant_feature_is_reported_singular() {
        let x: Vec<Vec<f64>> = (0..100).map(|i| vec![1.0, f64::from(i % 3), 2.0]).collect();
        let y: Vec<f64> = (0..100).map(|i| f64::from(i % 2)).collect();
        assert_eq!(fit(&x, &y, None, 0.0, None), Err(FitError::Singular(2)));
        assert_eq!(fit(&[], &[], None, 0.0, None), Err(FitError::Empty));
        let ragged = vec![vec![1.0, 0.0], vec![1.0]];
        assert_eq!(
            fit(&ragged, &[0.0, 1.0], None, 0.0, None),
            Err(FitError::Ragged(1))
        );
    }
}
