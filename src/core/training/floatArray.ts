/** The element arrays the in-process trainer computes on: Float32Array for training, Float64Array for gradient checks. */
export type FloatArray = Float32Array | Float64Array;
export type FloatArrayCtor = Float32ArrayConstructor | Float64ArrayConstructor;
