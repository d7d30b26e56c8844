-- the W3C traceparent of the transaction that wrote a message, so its delivery joins that trace (decision 0030)
ALTER TABLE "erp_outbox" ADD COLUMN "trace_parent" text;
