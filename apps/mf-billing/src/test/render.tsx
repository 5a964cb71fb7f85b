// The shared render helpers and fixtures of the remotes' tests.
export * from '@zunft/web-common/testing';
