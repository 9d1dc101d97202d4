// Async boundary: the shared singletons (react, antd, the store…) are set up before any app code runs.
import('./bootstrap');
