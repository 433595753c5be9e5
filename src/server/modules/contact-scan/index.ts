/** Paper-card scanning: the route, and the pipeline for the benchmark. */
export { contactScanRoutes } from './routes';
export { createOcrPool, type OcrPool } from './ocr';
export { scanCard, type SideTiming } from './service';
