import type { FastifyInstance } from 'fastify';
import type { WalletStatus } from '../../src/db/schema';
import { api, registerUser, setupValue, type RegisteredUser, type TestApp } from '../helper';
import { insertWallet } from './wallets';

export interface Organiser extends RegisteredUser {
  walletId: number;
}

/** A registered organiser with an active wallet (the account-opening flow has its own tests). */
export async function organiser(app: FastifyInstance): Promise<Organiser> {
  const { user, walletId } = await userWithWallet(app, 'active');
  return { ...user, walletId: Number(walletId) };
}

/** An organiser for the tests of the enclosing block (registered before them). */
export const setupOrganiser = (t: TestApp): Organiser => setupValue(() => organiser(t.app));

/** A registered user and a wallet of theirs straight in the database (active unless told otherwise). */
export async function userWithWallet(app: FastifyInstance, status: WalletStatus = 'active') {
  const user = await registerUser(app);
  const { walletId, accountNumber } = await insertWallet(app.db, { userId: user.id, status });
  return { user, walletId, accountNumber };
}

/** The wallet's available balance in reais, as its owner reads it (GET …/balance). */
export const availableBalance = async (app: FastifyInstance, user: RegisteredUser, walletId: string) =>
  (await api(app).get(`/api/user-wallets/${walletId}/balance`, user)).json().data.saldo_disponivel as number;
