/**
 * Real drand quicknet rounds, recorded from the network (chain 52db9ba7…e971), with their BLS signatures:
 * round 123 (drand's own example, also in noislabs/drand-verify), 657413 (mcdcam/python-drand-verify's README),
 * 20791007 and 20905307 (randa-mu/bls-solidity's test data). randomness = SHA-256(signature).
 */
export const QUICKNET_ROUNDS = [
  {
    round: 123,
    randomness: 'fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc',
    signature: 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
  },
  {
    round: 657_413,
    randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
    signature: 'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
  },
  {
    round: 20_791_007,
    randomness: 'f4ad45db792e14676c62891989b804504e09bf0029cd472143d958649ab3c88a',
    signature: '8d2c8bbc37170dbacc5e280a21d4e195cff5f32a19fd6a58633fa4e4670478b5fb39bc13dd8f8c4372c5a76191198ac5',
  },
  {
    round: 20_905_307,
    randomness: '1e59991c53740175e0e19e9889475267c54381beea6fdd9f8c020df1656cb90e',
    signature: '8a60486975062d9f06633c284cf1a7b46fb343f56f329f180530ca40a9e86320244f4fbfc37ae866cf25ef499665a31f',
  },
] as const;
