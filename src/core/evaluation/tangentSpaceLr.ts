/**
 * Tangent space + logistic regression baseline (MOABB's "TS+LR": pyriemann Covariances('oas') → TangentSpace
 * (metric 'riemann') → sklearn LogisticRegression()). Everything that depends on data — the reference point (the
 * Riemannian mean of the training covariances) and the classifier — is fitted on the training epochs only.
 */
import { XBrainError } from '../errors';
import { asBlocks, type EpochBlocks, type EpochSet } from './epochBlocks';
import { fitLogistic, logisticProba, type LogisticModel } from './logisticRegression';
import { epochCovariance, invsqrtm, riemannMean, tangentVector, type CovarianceEstimator } from './riemann';

export interface TangentSpaceLrModel {
  classes: number[];
  nChannels: number;
  estimator: CovarianceEstimator;
  /** Riemannian mean of the training covariances (C × C) and its inverse square root */
  reference: Float64Array;
  referenceInvSqrt: Float64Array;
  logistic: LogisticModel;
}

/** One C × C covariance per epoch (what the fit keeps instead of the samples), walking the rows block by block. */
export function epochCovariances(set: EpochSet | EpochBlocks, estimator: CovarianceEstimator): Float64Array[] {
  const x = asBlocks(set);
  const size = x.nChannels * x.nTimes;
  const out: Float64Array[] = [];
  for (const { x: b } of x.blocks()) for (let r = 0; r < b.n; r++) out.push(epochCovariance(b.data, r * size, x.nChannels, x.nTimes, estimator));
  return out;
}

function tangentFeatures(covs: readonly Float64Array[], refInvSqrt: Float64Array, C: number): Float64Array {
  const d = (C * (C + 1)) / 2;
  const out = new Float64Array(covs.length * d);
  covs.forEach((cov, i) => tangentVector(cov, refInvSqrt, C, out.subarray(i * d, (i + 1) * d)));
  return out;
}

export function fitTangentSpaceLr(
  x: EpochSet | EpochBlocks,
  labels: ArrayLike<number>,
  opts: { estimator?: CovarianceEstimator; C?: number } = {},
): TangentSpaceLrModel {
  const estimator = opts.estimator ?? 'oas';
  if (x.n !== labels.length) throw new XBrainError('internal', `TS+LR: ${x.n} epochs but ${labels.length} labels`);
  if (x.nChannels > 64)
    throw new XBrainError('invalid_state', `TS+LR handles up to 64 channels (the epochs have ${x.nChannels}); pick channels first`, { parameter: 'channels' });
  const C = x.nChannels;
  const covs = epochCovariances(x, estimator);
  const reference = riemannMean(covs, C);
  const referenceInvSqrt = invsqrtm(reference, C);
  const feats = tangentFeatures(covs, referenceInvSqrt, C);
  const logistic = fitLogistic(feats, (C * (C + 1)) / 2, labels, { C: opts.C ?? 1 });
  return { classes: logistic.classes, nChannels: C, estimator, reference, referenceInvSqrt, logistic };
}

/** Class probabilities n × K in model.classes order. */
export function tangentSpaceLrProba(model: TangentSpaceLrModel, x: EpochSet | EpochBlocks): Float64Array {
  if (x.nChannels !== model.nChannels) throw new XBrainError('invalid_arguments', `TS+LR model has ${model.nChannels} channels, data ${x.nChannels}`);
  const feats = tangentFeatures(epochCovariances(x, model.estimator), model.referenceInvSqrt, model.nChannels);
  return logisticProba(model.logistic, feats);
}
