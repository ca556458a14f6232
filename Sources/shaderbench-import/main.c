// shaderbench-import MODEL: reads a model file through assimp and writes its meshes, node transforms applied,
// as one mesh on standard output (the layout ModelImport reads: "SBMESH01", four counts, then the arrays). It
// runs as a process of its own because Debian's assimp asserts, loops or exhausts memory on some damaged files:
// the workbench limits this process's time, and it limits its own memory, so a bad file costs the import only.
#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

// The most memory the import may take, and the most a model may have: refused beyond, with a reason.
static const rlim_t memory_limit = (rlim_t)4 << 30;
static const uint64_t vertex_limit = 16u << 20;
static const uint64_t triangle_limit = 10u << 20;

enum { has_normals = 1, normals_generated = 2, has_texcoords = 4, has_colours = 8, is_points = 16, is_lines = 32 };

// The primitive kinds of a mesh, without the flag Triangulate adds to say how polygons were split.
static unsigned primitives(const struct aiMesh *mesh) {
    return mesh->mPrimitiveTypes & (aiPrimitiveType_POINT | aiPrimitiveType_LINE | aiPrimitiveType_TRIANGLE | aiPrimitiveType_POLYGON);
}

static int fail(const char *message, const char *detail) {
    fprintf(stderr, "%s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    return 1;
}

// Every face's indices inside its mesh: assimp's own steps assume it, and some damaged files break it.
static int faces_in_range(const struct aiScene *scene) {
    for (unsigned m = 0; m < scene->mNumMeshes; m++) {
        const struct aiMesh *mesh = scene->mMeshes[m];
        for (unsigned f = 0; f < mesh->mNumFaces; f++) {
            for (unsigned i = 0; i < mesh->mFaces[f].mNumIndices; i++) {
                if (mesh->mFaces[f].mIndices[i] >= mesh->mNumVertices) return 0;
            }
        }
    }
    return 1;
}

static void write_all(const void *bytes, size_t size) {
    if (size > 0 && fwrite(bytes, 1, size, stdout) != size) exit(fail("cannot write the mesh", NULL));
}

// Whether `mesh` is drawn: it holds primitives of `type`, or, for a point cloud (`corners` 0), vertices alone.
static int drawn(const struct aiMesh *mesh, unsigned type, unsigned corners) {
    return corners == 0 ? mesh->mNumFaces == 0 : primitives(mesh) == type;
}

// Writes the meshes holding `type` as one: each array over every such mesh in turn, so a vertex's values sit at
// the same place in each, then the indices, `corners` a primitive (0: every vertex as a point).
static int write_mesh(const struct aiScene *scene, unsigned type, unsigned corners, int generated) {
    uint64_t vertices = 0, indices = 0;
    unsigned meshes = 0, flags = has_normals | has_texcoords | has_colours;
    for (unsigned m = 0; m < scene->mNumMeshes; m++) {
        const struct aiMesh *mesh = scene->mMeshes[m];
        if (!drawn(mesh, type, corners)) continue;
        meshes++;
        vertices += mesh->mNumVertices;
        indices += corners == 0 ? mesh->mNumVertices : (uint64_t)mesh->mNumFaces * corners;
        if (!mesh->mNormals) flags &= ~has_normals;
        if (!mesh->mTextureCoords[0]) flags &= ~has_texcoords;
        if (!mesh->mColors[0]) flags &= ~has_colours;
    }
    if (indices == 0) return fail("it has no faces, lines or points", NULL);
    if (vertices > vertex_limit) return fail("it has more vertices than a draw node takes (16777216)", NULL);
    if (corners == 3 && indices / 3 > triangle_limit) return fail("it has more triangles than a draw node takes (10485760)", NULL);
    if (generated && (flags & has_normals)) flags |= normals_generated;
    if (corners <= 1) flags |= is_points;
    if (corners == 2) flags |= is_lines;

    uint32_t header[4] = { (uint32_t)vertices, (uint32_t)indices, meshes, flags };
    write_all("SBMESH01", 8);
    write_all(header, sizeof header);
    const unsigned wanted[4] = { 1, has_normals, has_texcoords, has_colours };
    for (int array = 0; array < 4; array++) {
        if (!(flags & wanted[array]) && array > 0) continue;
        for (unsigned m = 0; m < scene->mNumMeshes; m++) {
            const struct aiMesh *mesh = scene->mMeshes[m];
            if (!drawn(mesh, type, corners)) continue;
            for (unsigned v = 0; v < mesh->mNumVertices; v++) {
                if (array == 0) write_all(&mesh->mVertices[v], 3 * sizeof(float));
                if (array == 1) write_all(&mesh->mNormals[v], 3 * sizeof(float));
                if (array == 2) write_all(&mesh->mTextureCoords[0][v], 2 * sizeof(float));
                if (array == 3) write_all(&mesh->mColors[0][v], 4 * sizeof(float));
            }
        }
    }
    uint32_t base = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; m++) {
        const struct aiMesh *mesh = scene->mMeshes[m];
        if (!drawn(mesh, type, corners)) continue;
        if (corners == 0) {
            for (uint32_t v = 0; v < mesh->mNumVertices; v++) { uint32_t index = base + v; write_all(&index, sizeof index); }
        }
        for (unsigned f = 0; corners > 0 && f < mesh->mNumFaces; f++) {
            for (unsigned i = 0; i < corners; i++) {
                uint32_t index = base + mesh->mFaces[f].mIndices[i];
                write_all(&index, sizeof index);
            }
        }
        base += mesh->mNumVertices;
    }
    aiReleaseImport(scene);
    return fflush(stdout) == 0 ? 0 : fail("cannot write the mesh", NULL);
}

int main(int argc, char **argv) {
    if (argc != 2) return fail("usage: shaderbench-import MODEL", NULL);
    struct rlimit limit = { memory_limit, memory_limit };
    setrlimit(RLIMIT_AS, &limit);

    // Read and checked alone first: the post-processing steps are run only on a scene that passed. A file of
    // vertices and no faces (a PLY point cloud) fails the check and is read again unchecked, as points.
    const struct aiScene *scene = aiImportFile(argv[1], aiProcess_ValidateDataStructure);
    if (!scene && strstr(aiGetErrorString(), "contains no faces")) {
        scene = aiImportFile(argv[1], 0);
        if (!scene) return fail("assimp cannot read it", aiGetErrorString());
        for (unsigned m = 0; m < scene->mNumMeshes; m++) {
            if (scene->mMeshes[m]->mNumFaces != 0) return fail("assimp cannot read it: some of its meshes have no faces", NULL);
        }
        return write_mesh(scene, 0, 0, 0);
    }
    if (!scene) return fail("assimp cannot read it", aiGetErrorString());
    if (!faces_in_range(scene)) return fail("a face names a vertex the file does not have", NULL);
    unsigned normals_before = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; m++) normals_before += scene->mMeshes[m]->mNormals != NULL;
    scene = aiApplyPostProcessing(scene, aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_SortByPType);
    if (!scene) return fail("assimp cannot prepare it", aiGetErrorString());
    if (scene->mNumMeshes == 0) return fail("it has no meshes", NULL);

    // Triangles where there are any, else lines, else points: one kind of primitive is drawn.
    unsigned found = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; m++) found |= primitives(scene->mMeshes[m]);
    unsigned type = (found & aiPrimitiveType_TRIANGLE) ? aiPrimitiveType_TRIANGLE : (found & aiPrimitiveType_LINE) ? aiPrimitiveType_LINE : aiPrimitiveType_POINT;
    unsigned corners = type == aiPrimitiveType_TRIANGLE ? 3 : type == aiPrimitiveType_LINE ? 2 : 1;
    int generate = corners == 3 && normals_before == 0;
    if (generate) scene = aiApplyPostProcessing(scene, aiProcess_GenSmoothNormals);
    if (!scene) return fail("assimp cannot make its normals", aiGetErrorString());
    return write_mesh(scene, type, corners, generate);
}
