// Original file: exchange/admin/v1/p2p.proto

import type { PaymentMethod as _exchange_admin_v1_PaymentMethod, PaymentMethod__Output as _exchange_admin_v1_PaymentMethod__Output } from '../../../exchange/admin/v1/PaymentMethod';

export interface AddPaymentMethodResponse {
  'payment_method'?: (_exchange_admin_v1_PaymentMethod | null);
}

export interface AddPaymentMethodResponse__Output {
  'payment_method': (_exchange_admin_v1_PaymentMethod__Output | null);
}
