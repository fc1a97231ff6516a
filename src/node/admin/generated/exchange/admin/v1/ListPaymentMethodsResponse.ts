// Original file: exchange/admin/v1/p2p.proto

import type { PaymentMethod as _exchange_admin_v1_PaymentMethod, PaymentMethod__Output as _exchange_admin_v1_PaymentMethod__Output } from '../../../exchange/admin/v1/PaymentMethod';

export interface ListPaymentMethodsResponse {
  'payment_methods'?: (_exchange_admin_v1_PaymentMethod)[];
}

export interface ListPaymentMethodsResponse__Output {
  'payment_methods': (_exchange_admin_v1_PaymentMethod__Output)[];
}
