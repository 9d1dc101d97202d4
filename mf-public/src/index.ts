// Async boundary: shared singletons (react, antd, the store…) are resolved before any app code runs.
import('./bootstrap');
