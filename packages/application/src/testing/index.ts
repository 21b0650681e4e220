// In-memory adapters for every port land here (issue "Core: domain and application layers").
export {};
