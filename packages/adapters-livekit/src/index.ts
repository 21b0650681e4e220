// The real adapters land here (issue "Real adapters for every port").
export {};
