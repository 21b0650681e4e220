import java.util.ArrayList;
import java.util.List;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.ServerVersion;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.aggregation.Aggregation;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;

/**
 * The MongoDB stand-in for the real OpenIM stack: mongo-java-server (in memory) on a loopback address,
 * plus the one MongoDB 4.2+ feature OpenIM 3.8 needs and mongo-java-server lacks: updates given as an
 * aggregation pipeline (`update` or `findAndModify` whose update is an array). OpenIM writes every
 * friend, group-member and conversation version log that way. The pipeline runs as an aggregation over
 * the matched documents and each result replaces its document. Not atomic; a pipeline upsert is refused.
 *
 * Run from source: java -cp 'lib/*' MongoStandIn.java [host] [port]
 */
public class MongoStandIn {

    /** The update-pipeline stages as aggregation stages mongo-java-server knows. */
    static List<Document> asAggregation(Object pipeline) {
        List<Document> out = new ArrayList<>();
        for (Object item : (List<?>) pipeline) {
            Document stage = (Document) item;
            String op = stage.keySet().iterator().next();
            Object arg = stage.get(op);
            if (op.equals("$set")) {
                out.add(new Document("$addFields", arg));
            } else if (op.equals("$replaceWith")) {
                out.add(new Document("$replaceRoot", new Document("newRoot", arg)));
            } else {
                out.add(stage);
            }
        }
        return out;
    }

    static MongoServerError noPipelineUpsert() {
        return new MongoServerError(2, "BadValue", "the stand-in does not emulate an upsert with an update pipeline");
    }

    static class PipelineDatabase extends MemoryDatabase {
        PipelineDatabase(String name, CursorRegistry cursors) {
            super(name, cursors);
        }

        private List<Document> updated(MongoCollection<?> collection, Document filter, Document sort, Integer limit,
                                       Object pipeline, DatabaseResolver resolver, Oplog oplog) {
            List<Document> stages = new ArrayList<>();
            stages.add(new Document("$match", filter == null ? new Document() : filter));
            if (sort != null && !sort.isEmpty()) {
                stages.add(new Document("$sort", sort));
            }
            if (limit != null) {
                stages.add(new Document("$limit", limit));
            }
            stages.addAll(asAggregation(pipeline));
            return Aggregation.fromPipeline(stages, resolver, this, collection, oplog).computeResult();
        }

        /** findAndModify with a pipeline: computes the new document, then replaces it by _id. */
        private Document findAndModify(Channel channel, String command, Document query, DatabaseResolver resolver,
                                       Oplog oplog) {
            if (Boolean.TRUE.equals(query.get("upsert"))) {
                throw noPipelineUpsert();
            }
            MongoCollection<?> collection = resolveOrCreateCollection(query.get(command).toString());
            List<Document> result = updated(collection, (Document) query.get("query"), (Document) query.get("sort"), 1,
                query.get("update"), resolver, oplog);
            Document replaced = new Document(query);
            replaced.remove("sort");
            if (result.isEmpty()) {
                replaced.put("query", new Document("_id", new Document("$in", new ArrayList<>())));
                replaced.put("update", new Document("$set", new Document()));
            } else {
                replaced.put("query", new Document("_id", result.get(0).get("_id")));
                replaced.put("update", result.get(0));
            }
            return super.handleCommand(channel, command, replaced, resolver, oplog);
        }

        /** update with pipelines: each pipeline entry becomes one replacement per matched document. */
        private Document update(Channel channel, String command, Document query, DatabaseResolver resolver,
                                Oplog oplog) {
            MongoCollection<?> collection = resolveOrCreateCollection(query.get(command).toString());
            List<Document> rewritten = new ArrayList<>();
            for (Object item : (List<?>) query.get("updates")) {
                Document entry = (Document) item;
                if (!(entry.get("u") instanceof List)) {
                    rewritten.add(entry);
                    continue;
                }
                if (Boolean.TRUE.equals(entry.get("upsert"))) {
                    throw noPipelineUpsert();
                }
                boolean multi = Boolean.TRUE.equals(entry.get("multi"));
                for (Document doc : updated(collection, (Document) entry.get("q"), null, multi ? null : 1, entry.get("u"),
                    resolver, oplog)) {
                    Document replacement = new Document();
                    replacement.put("q", new Document("_id", doc.get("_id")));
                    replacement.put("u", doc);
                    rewritten.add(replacement);
                }
            }
            Document replaced = new Document(query);
            replaced.put("updates", rewritten);
            return super.handleCommand(channel, command, replaced, resolver, oplog);
        }

        @Override
        public synchronized Document handleCommand(Channel channel, String command, Document query,
                                                   DatabaseResolver resolver, Oplog oplog) {
            if (command.equalsIgnoreCase("findAndModify") && query.get("update") instanceof List) {
                return findAndModify(channel, command, query, resolver, oplog);
            }
            if (command.equalsIgnoreCase("update")
                && ((List<?>) query.get("updates")).stream().anyMatch(u -> ((Document) u).get("u") instanceof List)) {
                return update(channel, command, query, resolver, oplog);
            }
            return super.handleCommand(channel, command, query, resolver, oplog);
        }
    }

    static class PipelineBackend extends MemoryBackend {
        @Override
        public MemoryDatabase openOrCreateDatabase(String databaseName) {
            return new PipelineDatabase(databaseName, getCursorRegistry());
        }
    }

    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 37017;
        MongoServer server = new MongoServer(new PipelineBackend().version(ServerVersion.MONGO_5_0));
        server.bind(host, port);
        System.out.println("MongoDB stand-in listening on " + host + ":" + port + " (update pipelines emulated)");
        Thread.currentThread().join();
    }
}
