// Async boundary: the shared singletons (react, antd, …) are negotiated by Module Federation
// before any of them is imported.
import('./standalone');
