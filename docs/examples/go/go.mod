module example.com/paymentlinks

go 1.19
