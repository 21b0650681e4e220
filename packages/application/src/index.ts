// Ports, stores and use cases land here (issue "Core: domain and application layers").
export type { Result } from '@teamim/domain';
