import type * as grpc from '@grpc/grpc-js'
import type {OperationsServiceHandlers} from '../generated/exchange/admin/v1/OperationsService.js'
import type {AdminContext} from '../context.js'
import type {OperationInput} from '../../operations/operations.js'

type Common = {asset: string; amount: string; reason: string; idempotency_key: string}

export function operationsHandlers(ctx: AdminContext): OperationsServiceHandlers {
  const ops = ctx.services.operations
  const input = (req: Common, call: {metadata: grpc.Metadata}): OperationInput => ({
    asset: req.asset,
    amount: req.amount,
    reason: req.reason,
    idempotencyKey: req.idempotency_key,
    operator: ctx.operatorOf(call.metadata),
  })
  const done = (operationId: string, kind: string, call: {metadata: grpc.Metadata}) => {
    ctx.logger.info({operation_id: operationId, kind, operator: ctx.operatorOf(call.metadata)}, 'manual operation')
    return {operation_id: operationId}
  }

  return {
    ManualTopup: ctx.unary('ManualTopup', (req, call) =>
      done(ops.topup(ops.fundingOf(req.account_id), input(req, call)), 'topup', call),
    ),
    ManualWithdraw: ctx.unary('ManualWithdraw', (req, call) =>
      done(ops.withdraw(ops.fundingOf(req.account_id), input(req, call)), 'withdraw', call),
    ),
    Transfer: ctx.unary('Transfer', (req, call) =>
      done(
        ops.transfer(
          ops.fundingOf(req.from_account_id, 'from_account_id'),
          ops.fundingOf(req.to_account_id, 'to_account_id'),
          input(req, call),
        ),
        'transfer',
        call,
      ),
    ),
    ManualTopupBalanceAccount: ctx.unary('ManualTopupBalanceAccount', (req, call) =>
      done(ops.topup(ops.balanceAccount(req.balance_account_id), input(req, call)), 'topup', call),
    ),
    ManualWithdrawBalanceAccount: ctx.unary('ManualWithdrawBalanceAccount', (req, call) =>
      done(ops.withdraw(ops.balanceAccount(req.balance_account_id), input(req, call)), 'withdraw', call),
    ),
    TransferBalanceAccount: ctx.unary('TransferBalanceAccount', (req, call) =>
      done(
        ops.transfer(
          ops.balanceAccount(req.from_balance_account_id, 'from_balance_account_id'),
          ops.balanceAccount(req.to_balance_account_id, 'to_balance_account_id'),
          input(req, call),
        ),
        'transfer',
        call,
      ),
    ),
  }
}
