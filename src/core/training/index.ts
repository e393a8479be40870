/**
 * The training engine's public API (for the dataset/metrics/tools code and the trainer child process).
 *
 * Models:       createModel(name, {nChannels, nTimes, sfreq, nClasses}, params?, {seed?}) → Model
 *               minSamples(name, sfreq) — XBrainLab's minimum epoch length; createModel throws an XBrainError
 *               ('invalid_arguments', details {minSamples, minSeconds}) below it.
 *               Model.stateDict() / loadStateDict() use PyTorch state_dict names.
 * Training:     trainModel(model, {train, val?, test?}, config, {signal?, onEpoch?}) → TrainResult
 * Inference:    predict (probabilities), evaluateModel (loss/accuracy/AUC/probabilities), inputGradients (saliency)
 * Files:        saveWeights / readWeights / loadModel (binary float32 + JSON index)
 * ONNX:         exportOnnx(model) → bytes; runOnnx(bytes or path, x, n, C, T) → logits (onnxruntime-node)
 * Child process: launchTrainer(job, {entry}) → TrainerRun (typed events, stop()); job files: writeTrainerJob
 */
export { createModel, minSamples, MODEL_NAMES, Model } from './models';
export type { InputSpec, ModelName, ModelParams, ModelOptions, NamedTensor } from './models';
export { trainModel } from './train';
export type { TrainConfig, TrainSets, TrainHooks, TrainResult, EpochRecord, SelectionRule } from './train';
export { predict, predictLogits, evaluateModel, inputGradients } from './evaluate';
export type { LabelledSet, SplitMetrics, Evaluation } from './evaluate';
export { saveWeights, readWeights, loadModel } from './checkpoint';
export type { WeightsIndex } from './checkpoint';
export type { OptimizerName } from './optim';
export { rocAuc } from './rocAuc';
export { Rng } from './rng';
export { exportOnnx, writeOnnx } from './onnx/export';
export { runOnnx } from './onnx/run';
export { launchTrainer, findTrainerEntry, TrainerRun } from './launcher';
export type { LaunchOptions, TrainerOutcome } from './launcher';
export type { TrainerEvent, TrainerStatus } from './protocol';
export { writeTrainerJob, readTrainerJob } from './job';
export type { TrainerJob, TrainerJobInput } from './job';
