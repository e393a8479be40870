import type { Stage } from '../../study/types';

/** Stage groups used by the availability table (one place: the definitions). */
export const ALL: readonly Stage[] = ['empty', 'data_loaded', 'preprocessed', 'dataset_ready', 'training', 'trained'];
export const LOADED: readonly Stage[] = ['data_loaded', 'preprocessed', 'dataset_ready', 'training', 'trained'];
/** Preprocessing runs on loaded or epoched data; from dataset_ready/trained it asks to clear the dataset and runs first. */
export const PREPROCESS: readonly Stage[] = ['data_loaded', 'preprocessed', 'dataset_ready', 'trained'];
export const EPOCHED: readonly Stage[] = ['preprocessed', 'dataset_ready', 'trained'];
export const MODELLING: readonly Stage[] = ['dataset_ready', 'trained'];
